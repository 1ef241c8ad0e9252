import { Link } from "@tanstack/react-router";

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-stone-900 text-white">
      <div
        aria-hidden="true"
        className="absolute -right-24 -top-24 size-80 rounded-full bg-orange-600/30 blur-3xl sm:size-[28rem]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-20 md:grid-cols-2 md:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-400">Calzado deportivo y casual</p>
          <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            El par indicado para cada paso.
          </h1>
          <p className="mt-4 max-w-md text-base text-stone-300 sm:text-lg">
            Running, tenis, baloncesto y casual. Si tu talla no está en una tienda, la traemos desde otra de nuestras
            sedes.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* white on orange-700 is 5.2:1 (WCAG AA asks 4.5:1; orange-600 was 3.6:1) */}
            <Link
              to="/products"
              className="rounded-lg bg-orange-700 px-5 py-3 text-base font-semibold text-white shadow hover:bg-orange-800"
            >
              Ver productos
            </Link>
            <Link
              to="/about"
              className="rounded-lg border border-stone-600 px-5 py-3 text-base font-semibold text-white hover:bg-stone-800"
            >
              Conócenos
            </Link>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

/** Decorative shoe drawing; no stock photo needed and it respects the strict CSP. */
function HeroArt() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 200" className="mx-auto w-full max-w-[17rem] sm:max-w-sm md:max-w-md">
      <ellipse cx="162" cy="176" rx="138" ry="9" fill="black" opacity="0.35" />
      {/* Upper: toe on the left, tongue, collar dip and heel tab on the right. */}
      <path
        d="M24 142C22 124 38 114 64 110L146 88C156 76 162 62 168 52L188 50C196 64 210 72 228 72C240 72 250 66 258 56L274 44C290 60 300 98 302 142Z"
        fill="#fafaf9"
      />
      <path d="M20 140H304V152C304 160 298 166 290 166H34C26 166 20 160 20 152Z" fill="#ea580c" />
      <path d="M20 150H304" stroke="#fafaf9" strokeWidth="3" opacity="0.6" />
      <path
        d="M118 98L130 84M134 94L146 80M150 90L160 74"
        stroke="#1c1917"
        strokeWidth="5"
        strokeLinecap="round"
        opacity="0.75"
      />
      <path d="M92 128C150 126 214 112 268 84" stroke="#ea580c" strokeWidth="7" strokeLinecap="round" fill="none" />
      <path d="M274 44C290 60 300 98 302 142H286C284 104 276 72 262 54Z" fill="#e7e5e4" />
    </svg>
  );
}
