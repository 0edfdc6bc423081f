/**
 * The sign-in form rules as the server checks them. Apart from staff-access.ts, which every page
 * loads (the root asks it which paths are the staff area's), so that zod stays out of the browser.
 */
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./staff-access";

export const StaffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
export const StaffPassword = z.string().min(PASSWORD_MIN_LENGTH).max(200);
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
