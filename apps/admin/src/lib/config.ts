/** Where the unauthorized page sends users; set VITE_SUPPORT_EMAIL at build time. */
export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@example.com';
