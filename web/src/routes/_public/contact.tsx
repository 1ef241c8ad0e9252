import { createFileRoute } from "@tanstack/react-router";
import { ContactForm } from "../../features/store/ContactForm";
import { storeQueries } from "../../features/store/queries";
import { StoreDirectory } from "../../features/store/StoreDirectory";
import { useRemoteData } from "../../lib/query/useRemoteData";

export const Route = createFileRoute("/_public/contact")({
  component: ContactPage,
});

function ContactPage() {
  const remote = useRemoteData(storeQueries.stores());
  const stores = remote.data?.stores ?? [];
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-8 md:grid-cols-5">
      <section className="min-w-0 md:col-span-2">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900">Contacto</h1>
        <p className="mt-4 text-stone-700">
          ¿Buscas una talla, un modelo o quieres saber si un par está disponible en otra de nuestras tiendas? Escríbenos
          y cuéntanos qué necesitas.
        </p>
        <p className="mt-4 text-stone-700">
          En cualquiera de nuestras tiendas podemos consultar el inventario de todas las sedes y pedir el traslado de tu
          par.
        </p>
        <StoreDirectory remote={remote} />
      </section>
      <section aria-label="Formulario de contacto" className="min-w-0 md:col-span-3">
        <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <ContactForm stores={stores} />
        </div>
      </section>
    </div>
  );
}
