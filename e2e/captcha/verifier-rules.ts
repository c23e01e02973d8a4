/** The secret and the solutions the suite's CAPTCHA verifier (verifier-server.ts) accepts. */
export const TEST_CAPTCHA_SECRET = "test-captcha-secret";
export const TEST_CAPTCHA_PASS = "pass-";
