import { z } from 'zod';
import { majorToMinor } from '../money';

/*
 * The plan forms' fields as typed (ADR 0068), with the catalogue's words: a plan's name, its
 * storage in GB, its team size (-1: no limit) and a price in the currency's major unit.
 */

export const planName = z.string().trim().min(1, { message: 'billing.form.required' }).max(255);

export const planDescription = z
  .string()
  .trim()
  .transform((value) => value || null);

export const planStorage = z
  .string()
  .trim()
  .regex(/^\d+$/, { message: 'billing.form.storage_invalid' })
  .transform(Number)
  .refine((value) => value >= 1, { message: 'billing.form.storage_invalid' });

export const planMembers = z
  .string()
  .trim()
  .regex(/^-?\d+$/, { message: 'billing.form.members_invalid' })
  .transform(Number)
  .refine((value) => value >= -1, { message: 'billing.form.members_invalid' });

/** A price in `currency`'s major unit ("9.99") as minor units (999); more than nothing. */
export const priceIn = (currency: string) =>
  z
    .string()
    .transform((value) => majorToMinor(value, currency))
    .refine((minor): minor is number => minor !== null && minor >= 1, { message: 'billing.form.price_invalid' });
