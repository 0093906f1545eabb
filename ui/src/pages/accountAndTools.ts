// The pages of accounts and tools (signing in and up, passwords, profile, admin, scanning a web
// page, pinning from elsewhere): one chunk, loaded when the first of them opens.
export { AdminPage } from './admin/AdminPage';
export { BrowserButton } from './BrowserButton';
export { Login } from './Login';
export { PasswordReset } from './PasswordReset';
export { PinItPage } from './pins/PinItPage';
export { Profile } from './Profile';
export { ScanPage } from './pins/ScanPage';
export { Signup } from './Signup';
export { StartPasswordReset } from './StartPasswordReset';
export { VerifyEmail } from './VerifyEmail';
