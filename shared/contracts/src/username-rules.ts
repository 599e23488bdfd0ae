/** The spec's username rules (section 5), shared by the edit-profile form and the server. */
export const usernameMessages = {
  required: 'Username is required',
  tooShort: 'Username should contain at least 3 characters',
  tooLong: 'Username cannot exceed 30 characters',
  characters: 'Usernames can only contain letters, numbers and hyphens',
  start: 'Usernames must start with letters or numbers',
  end: 'Usernames must end with letters or numbers',
} as const;

/** The first rule a username breaks, or null when it is well formed. Availability is a separate call. */
export function usernameProblem(username: string): string | null {
  if (username.length === 0) return usernameMessages.required;
  if (username.length < 3) return usernameMessages.tooShort;
  if (username.length > 30) return usernameMessages.tooLong;
  if (!/^[A-Za-z0-9-]+$/.test(username)) return usernameMessages.characters;
  if (!/^[A-Za-z0-9]/.test(username)) return usernameMessages.start;
  if (!/[A-Za-z0-9]$/.test(username)) return usernameMessages.end;
  return null;
}
