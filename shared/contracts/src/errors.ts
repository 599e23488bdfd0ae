import * as z from 'zod/mini';

/** The body of every non-2xx answer. `errors` names the fields that failed validation. */
export const errorBody = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** User-facing texts from the spec's error catalogues (section 8 of both files). */
export const messages = {
  generic: 'Something went wrong. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  signIn: 'Please sign in',
  forbidden: 'Forbidden',
  linkExpired: 'This link has expired, links only last 1 hour.',
  suspended: 'Your account has been temporarily suspended for violating the rules.',
  frozen: 'Your account has been temporarily frozen. Please respond to your chat with support.',
  accountGone: 'Sorry, this account no longer exists.',
  userNotFound: 'User Cannot Be Found Or Does Not Exist',
  usernameTaken: 'This Username Has Already Been Taken',
  usernameTooLong: 'Usernames Cannot Be More Than 30 Characters',
  invalidEmail: 'Email is not a valid email address.',
  wrongCode: 'Wrong code. Please try again.',
  emailSent: 'Email sent successfully!',
  emailVerified: 'Email verified successfully!',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;
