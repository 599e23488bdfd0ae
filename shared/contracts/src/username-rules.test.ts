import { usernameMessages, usernameProblem } from './username-rules';

describe('username rules', () => {
  it.each([
    ['', usernameMessages.required],
    ['ab', usernameMessages.tooShort],
    ['a'.repeat(31), usernameMessages.tooLong],
    ['luna_rivers', usernameMessages.characters],
    ['luna rivers', usernameMessages.characters],
    ['-luna', usernameMessages.start],
    ['luna-', usernameMessages.end],
  ])('refuses %p with its message', (name, message) => {
    expect(usernameProblem(name)).toBe(message);
  });

  it.each(['abc', 'luna-rivers', 'Luna2', 'a'.repeat(30)])('accepts %p', (name) => {
    expect(usernameProblem(name)).toBeNull();
  });
});
