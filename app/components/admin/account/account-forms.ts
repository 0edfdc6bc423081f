/** The intents of the page's forms (the route's action runs one endpoint for each). */
export const ACCOUNT_FORMS = {
  changePassword: "change-password",
  totpBegin: "totp-begin",
  totpConfirm: "totp-confirm",
  totpDisable: "totp-disable",
  signOutEverywhere: "sign-out-everywhere",
  /** The shell's "Sign out", posted here from any staff page. */
  signOut: "sign-out",
} as const;
