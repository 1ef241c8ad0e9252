import { Link } from "@tanstack/react-router";

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-stone-900 text-white">
      <div
        aria-hidden="true"
        className="absolute -right-24 -top-24 size-80 rounded-full bg-orange-600/30 blur-3xl sm:size-[28rem]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:py-20 md:grid-cols-2 md:items-center">
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
            <Link
              to="/products"
              className="rounded-lg bg-orange-600 px-5 py-3 text-base font-semibold text-white shadow hover:bg-orange-500"
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
    <svg aria-hidden="true" viewBox="0 0 320 200" className="mx-auto w-full max-w-sm md:max-w-md">
      <ellipse cx="165" cy="178" rx="140" ry="10" fill="black" opacity="0.35" />
      <path
        d="M30 128c0-14 8-24 20-29l26-11c11-5 18-14 23-25l7-14c4-6 11-8 17-4l11 8c8 5 17 7 26 5l13-2c8-1 14 3 15 10 6 22 24 37 48 42l15 4c12 3 19 12 19 24v6c0 5-4 9-9 9H39c-5 0-9-4-9-9z"
        fill="#fafaf9"
      />
      <path d="M30 140h276v8c0 5-4 9-9 9H39c-5 0-9-4-9-9z" fill="#ea580c" />
      <path
        d="M112 70l18 12M124 58l18 12M136 48l16 11"
        stroke="#1c1917"
        strokeWidth="5"
        strokeLinecap="round"
        opacity="0.8"
      />
      <path d="M196 96c18 16 40 24 64 26" stroke="#ea580c" strokeWidth="6" strokeLinecap="round" fill="none" />
    </svg>
  );
}
