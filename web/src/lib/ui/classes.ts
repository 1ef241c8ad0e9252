/** The SPA's one set of Tailwind class strings: controls, cards and buttons of every area. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30 disabled:bg-stone-100 disabled:text-stone-500 [&:is(input,textarea):read-only]:bg-stone-100 [&:is(input,textarea):read-only]:text-stone-600";

/** The same control without the top margin, for inputs sitting in a row with a button. */
export const bareInputClass = inputClass.replace("mt-1 ", "");

/** Without a width, for controls that set their own (w-20, flex-1). */
export const compactControl =
  "rounded-lg border border-stone-300 bg-white px-2.5 py-2 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30";

export const compactInputClass = `${compactControl} block w-full`;

export const labelClass = "block text-sm font-medium text-stone-700";

export const cardClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5";

export const errorText = "mt-1 text-sm text-red-700";

/**
 * Secondary text (hints, ranks, empty values, what a plan leaves out). stone-600 keeps WCAG AA's 4.5:1 on
 * white and on the page's stone-100 and the tinted panels; stone-400 gave 2.6:1 and stone-500 4.4:1 on
 * stone-100 (axe, issue 31). Icons may stay lighter; text may not.
 */
export const mutedText = "text-stone-600";

const button =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";

export const primaryButton = `${button} bg-stone-900 text-white shadow-sm hover:bg-stone-800`;
// orange-700: white text on orange-600 is 3.6:1, under WCAG AA's 4.5:1 (Lighthouse on /seller)
export const accentButton = `${button} bg-orange-700 text-white shadow-sm hover:bg-orange-800`;
export const successButton = `${button} bg-green-700 text-white shadow-sm hover:bg-green-800`;
export const secondaryButton = `${button} border border-stone-300 bg-white text-stone-800 hover:bg-stone-100`;
/** Destructive actions: outlined red, in lists and in confirmations alike. */
export const dangerButton = `${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`;

/** The seller's main actions: taller, larger text, for a thumb on the shop floor. */
export const bigPrimaryButton = primaryButton.replace("py-2.5 text-sm", "py-3 text-base");
export const bigAccentButton = accentButton.replace("py-2.5 text-sm", "py-3 text-base");
export const bigSecondaryButton = secondaryButton.replace("py-2.5 text-sm", "py-3 text-base");

const small =
  "inline-flex items-center justify-center rounded-lg border bg-white px-2.5 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";

/** Compact buttons for the row of actions on a card or a table row. */
export const smallButton = `${small} border-stone-300 text-stone-800 hover:bg-stone-100`;
export const dangerSmallButton = `${small} border-red-300 text-red-700 hover:bg-red-50`;

export const linkButton = "text-sm font-semibold text-orange-700 hover:text-orange-800 disabled:opacity-50";
