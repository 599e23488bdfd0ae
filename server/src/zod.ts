import { config, locales } from 'zod/mini';

/**
 * zod/mini as the server uses it. zod/mini carries no message texts (every issue reads "Invalid input");
 * the server's answers, logs and config errors quote zod's English ones (`body.email: Too big: expected
 * string to have <=254 characters`), so whatever imports zod through here has them set before it parses.
 */
config(locales.en());

export * from 'zod/mini';
