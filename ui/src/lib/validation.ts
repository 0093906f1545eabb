// The local form checks of the spec (section 5), with its exact sentences (in English; the
// reader's language's otherwise). The server checks everything else and its messages go to the
// same error lists.

import { t } from '../i18n';

export const USERNAME_MAX_LENGTH = 30;
export const SECRET_MAX_LENGTH = 255; // passwords and tokens

export const PASSWORD_MISMATCH = t('validation.passwordMismatch', 'Password and password confirmation must match!');
export const NEW_PASSWORD_MISMATCH = t('validation.newPasswordMismatch', 'New password and new password confirmation must match!');
export const INVALID_USERNAME = t('validation.invalidUsername', 'Invalid characters in username.');
/** As the server says it too (the sign-up page shows it once). */
export const USERNAME_TOO_LONG = t('validation.usernameTooLong', 'Username must be at most {max} characters long.', { max: USERNAME_MAX_LENGTH });
export const NOT_AN_IMAGE = t('validation.notAnImage', 'Please choose an image file.');
export const NO_BOARD_CHOSEN = t('validation.noBoardChosen', 'Please choose at least one board.');

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
