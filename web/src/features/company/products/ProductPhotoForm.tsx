import { useState } from "react";
import { type ProductDetail, replaceProductPhoto } from "../../../api/catalogue";
import { fetchFileBlob } from "../../../api/seller";
import { errorText } from "../../../lib/logistics/errors";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { Notice } from "../../../lib/ui/Notice";
import { ProductImage } from "../../../lib/ui/ProductImage";
import { useObjectUrl } from "../../../lib/ui/useObjectUrl";
import { enrolProduct, referenceEmbeddings } from "../../../ml/enrol";
import { useChangeProductPhoto } from "./mutations";

const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp";

/**
 * Computes the product's scan references again from its new photo (and its video, when it has one) and
 * replaces the old ones, so the scan recognises what the catalogue now shows. The reason when it could not.
 */
async function reenrol(productId: number, photo: File, videoUrl: string | null): Promise<string> {
  const video = videoUrl ? await fetchFileBlob(videoUrl).catch(() => null) : null;
  const references = await referenceEmbeddings(photo, video);
  if (!references) return "no se pudieron calcular las huellas de escaneo en este navegador; las anteriores siguen";
  const { references_stored } = await enrolProduct(productId, references);
  return `${references_stored} huellas de escaneo actualizadas`;
}

/** Adds another photo's references to the product's (the catalogue photo stays). */
async function addReferences(productId: number, photo: File): Promise<string> {
  const references = await referenceEmbeddings(photo, null);
  if (!references) throw new Error("no se pudieron calcular las huellas de escaneo en este navegador");
  const { references_stored } = await enrolProduct(productId, references, { replace: false });
  return `${references_stored} huellas de escaneo agregadas desde otra foto`;
}

/** Foto: the product's photo, replaced by a file or the phone's camera; its scan references follow. */
export function ProductPhotoForm({
  product,
  onSaved,
}: {
  product: ProductDetail["product"];
  onSaved: (text: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const change = useChangeProductPhoto();

  async function addAsReference() {
    if (!file) return;
    setFailure(null);
    try {
      setBusy("Calculando huellas de escaneo...");
      const text = await change.mutateAsync(() => addReferences(product.id, file));
      setFile(null);
      onSaved(text);
    } catch (error) {
      setFailure(`Error al agregar la foto: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!file) return;
    setFailure(null);
    try {
      const text = await change.mutateAsync(async () => {
        setBusy("Guardando foto...");
        await replaceProductPhoto(product.id, file);
        setBusy("Calculando huellas de escaneo...");
        const references = await reenrol(product.id, file, product.video_url).catch(
          (error: unknown) => `no se guardaron las huellas de escaneo: ${errorText(error)}`,
        );
        return `Foto actualizada; ${references}`;
      });
      setFile(null);
      onSaved(text);
    } catch (error) {
      setFailure(`Error al guardar la foto: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-4">
        <figure className="text-center text-xs text-stone-500">
          <ProductImage src={product.image_url} alt="Foto actual" className="size-32 rounded-lg" />
          <figcaption className="mt-1">Actual</figcaption>
        </figure>
        {preview && (
          <figure className="text-center text-xs text-stone-500">
            <img src={preview} alt="Foto nueva" className="size-32 rounded-lg object-cover" />
            <figcaption className="mt-1">Nueva</figcaption>
          </figure>
        )}
      </div>
      <p className="text-sm text-stone-600">
        La foto se muestra en el catálogo y en el escaneo; al guardarla se recalculan las huellas con las que el escaneo
        reconoce el producto. «Solo agregar al escaneo» suma las huellas de otra foto (otro ángulo, otra luz) sin
        cambiar la foto del catálogo.
      </p>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`photo-${product.id}`} className={`${secondaryButton} cursor-pointer`}>
          {file ? "Elegir otra foto" : "Elegir o tomar foto"}
        </label>
        <input
          id={`photo-${product.id}`}
          type="file"
          accept={IMAGE_TYPES}
          capture="environment"
          className="sr-only"
          disabled={busy !== null}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            e.target.value = "";
          }}
        />
        <button type="button" className={accentButton} disabled={!file || busy !== null} onClick={() => void save()}>
          {busy ?? "Guardar foto"}
        </button>
        {file && busy === null && (
          <button type="button" className={secondaryButton} onClick={() => void addAsReference()}>
            Solo agregar al escaneo
          </button>
        )}
      </div>
    </div>
  );
}
