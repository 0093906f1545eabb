// The local form checks of the spec (section 5), with its exact sentences. The server checks
// everything else and its messages go to the same error lists.

export const USERNAME_MAX_LENGTH = 30;
export const SECRET_MAX_LENGTH = 255; // passwords and tokens

export const PASSWORD_MISMATCH = 'Password and password confirmation must match!';
export const NEW_PASSWORD_MISMATCH = 'New password and new password confirmation must match!';
export const INVALID_USERNAME = 'Invalid characters in username.';
export const USERNAME_TOO_LONG = `Username must be at most ${USERNAME_MAX_LENGTH} characters long.`;
export const NOT_AN_IMAGE = 'Please choose an image file.';
export const NO_BOARD_CHOSEN = 'Please choose at least one board.';

/** Sign-up: matching passwords; a username of letters, digits and hyphens, 30 at most. */
export function signupErrors(username: string, password: string, confirmation: string): string[] {
  const errors: string[] = [];
  if (password !== confirmation) errors.push(PASSWORD_MISMATCH);
  if (!/^[A-Za-z0-9-]*$/.test(username)) errors.push(INVALID_USERNAME);
  if (username.length > USERNAME_MAX_LENGTH) errors.push(USERNAME_TOO_LONG);
  return errors;
}

/** Password reset and change: the new password typed twice alike. */
export function newPasswordErrors(password: string, confirmation: string): string[] {
  return password === confirmation ? [] : [NEW_PASSWORD_MISMATCH];
}

/** Uploads take image files only (spec, section 5). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
