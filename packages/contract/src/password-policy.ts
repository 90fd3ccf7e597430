/** Password length limits, without zod: the sign-up and settings pages show them before any schema loads. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
