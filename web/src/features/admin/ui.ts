/** Shared Tailwind classes of the admin panel, matching the seller screens and the shell. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30 disabled:bg-stone-100 disabled:text-stone-500";

/** Without a width, for controls that set their own (w-20, flex-1). */
export const compactControl =
  "rounded-lg border border-stone-300 bg-white px-2.5 py-2 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30";

export const compactInputClass = `${compactControl} block w-full`;

export const labelClass = "block text-sm font-medium text-stone-700";

export const cardClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-50";

export const accentButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-orange-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-700 disabled:cursor-not-allowed disabled:opacity-50";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50";

export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50";

export const smallButton =
  "inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

export const dangerSmallButton =
  "inline-flex items-center justify-center rounded-md border border-red-200 bg-white px-2.5 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40";

export const errorText = "mt-1 text-sm text-red-700";

export const BADGE = {
  success: "bg-green-100 text-green-800 ring-green-600/20",
  warning: "bg-amber-100 text-amber-900 ring-amber-600/20",
  error: "bg-red-100 text-red-800 ring-red-600/20",
  neutral: "bg-stone-100 text-stone-700 ring-stone-500/20",
  info: "bg-sky-100 text-sky-800 ring-sky-600/20",
} as const;
export type BadgeTone = keyof typeof BADGE;
