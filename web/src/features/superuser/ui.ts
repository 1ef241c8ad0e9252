/** Shared Tailwind classes of the superuser console, matching the login form and the other areas. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30 disabled:bg-stone-100 sm:text-sm [&:is(input,textarea):read-only]:bg-stone-100 [&:is(input,textarea):read-only]:text-stone-600";

/** The same control without the top margin, for inputs sitting in a row with a button. */
export const bareInputClass = inputClass.replace("mt-1 ", "");

export const labelClass = "block text-sm font-medium text-stone-700";

export const cardClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-50";

export const accentButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-orange-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-700 disabled:cursor-not-allowed disabled:opacity-50";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50";

export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50";

/** Compact buttons for the row of actions on a card. */
export const cardButton =
  "inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50";

export const cardDangerButton =
  "inline-flex items-center justify-center rounded-lg border border-red-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50";
