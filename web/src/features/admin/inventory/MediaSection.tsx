import { useId } from "react";
import { formatMegabytes } from "../../../lib/format";
import { secondaryButton } from "../../../lib/ui/classes";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useObjectUrl } from "../../../lib/ui/useObjectUrl";

type Props = {
  video: File | null;
  photo: File | null;
  disabled: boolean;
  onOpenCamera: () => void;
  onVideo: (file: File | null) => void;
  onPhoto: (file: File | null) => void;
};

/** The product video (required) and photo (optional): recorded with the camera or chosen from files. */
export function MediaSection({ video, photo, disabled, onOpenCamera, onVideo, onPhoto }: Props) {
  const id = useId();
  const videoUrl = useObjectUrl(video);
  const photoUrl = useObjectUrl(photo);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onOpenCamera} disabled={disabled} className={secondaryButton}>
          Abrir cámara (video y foto)
        </button>
        <FileButton id={`${id}-video`} kind="video" disabled={disabled} onFile={onVideo} />
        <FileButton id={`${id}-photo`} kind="photo" disabled={disabled} onFile={onPhoto} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border border-dashed border-stone-300 p-3">
          <p className="text-sm font-semibold text-stone-800">Video del producto *</p>
          {video && videoUrl ? (
            <>
              {/* biome-ignore lint/a11y/useMediaCaption: a silent product video recorded by the admin has no captions. */}
              <video src={videoUrl} controls playsInline className="mt-2 max-h-56 w-full rounded-md bg-black" />
              <div className="mt-2 flex items-center justify-between gap-2 text-xs text-stone-600">
                <span className="min-w-0 truncate" data-testid="video-name">
                  {video.name} · {formatMegabytes(video.size)}
                </span>
                <SmallButton disabled={disabled} onClick={() => onVideo(null)}>
                  Quitar
                </SmallButton>
              </div>
            </>
          ) : (
            <p className="mt-1 text-sm text-stone-500">Aún no hay video. Grábalo con la cámara o elige un archivo.</p>
          )}
        </div>
        <div className="rounded-lg border border-dashed border-stone-300 p-3">
          <p className="text-sm font-semibold text-stone-800">Foto de referencia (opcional)</p>
          {photo && photoUrl ? (
            <>
              <img src={photoUrl} alt="Foto de referencia" className="mt-2 max-h-56 w-full rounded-md object-contain" />
              <div className="mt-2 flex items-center justify-between gap-2 text-xs text-stone-600">
                <span className="min-w-0 truncate">{photo.name}</span>
                <SmallButton disabled={disabled} onClick={() => onPhoto(null)}>
                  Quitar
                </SmallButton>
              </div>
            </>
          ) : (
            <p className="mt-1 text-sm text-stone-500">Sin foto.</p>
          )}
        </div>
      </div>
    </div>
  );
}

const FILE_KINDS = {
  video: { label: "Elegir archivo de video", accept: "video/webm,video/mp4" },
  photo: { label: "Elegir foto (opcional)", accept: "image/jpeg,image/png,image/webp,image/gif" },
} as const;

type FileButtonProps = {
  id: string;
  kind: keyof typeof FILE_KINDS;
  disabled: boolean;
  onFile: (file: File | null) => void;
};

/** A button-styled label over a hidden file input; the input is cleared so the same file can be chosen again. */
function FileButton({ id, kind, disabled, onFile }: FileButtonProps) {
  const { label, accept } = FILE_KINDS[kind];
  return (
    <>
      <label htmlFor={id} className={`${secondaryButton} cursor-pointer`}>
        {label}
      </label>
      <input
        id={id}
        data-testid={`${kind}-input`}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
      />
    </>
  );
}
