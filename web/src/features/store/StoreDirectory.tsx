import { formatWhatsapp, whatsappLink } from "../../../../shared/contact";
import type { PublicStore } from "../../api/contact";
import type { RemoteData } from "../../lib/query/useRemoteData";

type Props = { remote: RemoteData<{ stores: PublicStore[] }> };

/** The first message a WhatsApp chat opens with. */
const greeting = (store: string) => `Hola, les escribo desde la página web (${store}).`;

/** "tel:" of a phone as written ("+57 601 555 0101" → "tel:+576015550101"). */
const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * The contact page's stores: address, phone, opening hours and WhatsApp (a wa.me link opens the chat)
 * of each open store of the showcase company (GET /api/v1/public/stores).
 */
export function StoreDirectory({ remote }: Props) {
  const stores = remote.data?.stores ?? null;
  // a storefront with no open store shows no heading either
  if (stores?.length === 0) return null;
  return (
    <section aria-labelledby="nuestras-tiendas" className="mt-8">
      <h2 id="nuestras-tiendas" className="mb-3 text-xl font-bold tracking-tight text-stone-900">
        Nuestras tiendas
      </h2>
      {!stores && !remote.error && (
        <div aria-busy="true" className="space-y-3">
          <p className="sr-only">Cargando tiendas...</p>
          {[0, 1].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl bg-stone-100" />
          ))}
        </div>
      )}
      {!stores && remote.error && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>No pudimos cargar nuestras tiendas: {remote.error}</p>
          <button
            type="button"
            onClick={() => remote.reload()}
            className="mt-2 font-semibold underline hover:text-red-900"
          >
            Reintentar
          </button>
        </div>
      )}
      {stores && <StoreList stores={stores} />}
    </section>
  );
}

function StoreList({ stores }: { stores: readonly PublicStore[] }) {
  return (
    <ul className="space-y-3">
      {stores.map((store) => (
        <li
          key={store.id}
          data-testid="store-card"
          className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm"
        >
          <h3 className="text-base font-semibold text-stone-900">{store.name}</h3>
          <dl className="mt-2 space-y-1.5 text-stone-700">
            {store.address && (
              <div>
                <dt className="sr-only">Dirección</dt>
                <dd className="break-words">{store.address}</dd>
              </div>
            )}
            {store.opening_hours && (
              <div>
                <dt className="sr-only">Horario</dt>
                <dd className="break-words">{store.opening_hours}</dd>
              </div>
            )}
            {store.phone && (
              <div>
                <dt className="sr-only">Teléfono</dt>
                <dd>
                  <a href={telLink(store.phone)} className="font-medium text-stone-900 underline hover:text-orange-700">
                    {store.phone}
                  </a>
                </dd>
              </div>
            )}
          </dl>
          {store.whatsapp && (
            <a
              href={whatsappLink(store.whatsapp, greeting(store.name))}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp de ${store.name}: ${formatWhatsapp(store.whatsapp)}`}
              className="mt-3 inline-flex max-w-full items-center gap-2 rounded-lg bg-green-700 px-3 py-2 font-semibold text-white hover:bg-green-800"
            >
              WhatsApp {formatWhatsapp(store.whatsapp)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
