import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ReceiptPicker } from "../../web/src/features/seller/ReceiptPicker";
import {
  RECEIPT_ACCEPT,
  RECEIPT_NOT_IMAGE,
  RECEIPT_TOO_LARGE,
  receiptError,
} from "../../web/src/features/seller/receipt";
import { render } from "./helpers";

const MB = 1024 * 1024;

/** A file of `size` bytes without allocating them (only type and size are checked on the phone). */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("receiptError", () => {
  it.each(["image/jpeg", "image/png", "image/gif", "image/webp", "IMAGE/JPEG"])("accepts %s", (type) => {
    expect(receiptError({ type, size: 200_000 })).toBeNull();
  });

  it.each(["application/pdf", "text/plain", "image/svg+xml", "image/heic", "video/mp4", ""])(
    "refuses %j as not a valid image",
    (type) => {
      expect(receiptError({ type, size: 1000 })).toBe("Por favor seleccione una imagen válida");
    },
  );

  it("allows exactly 5 MB and refuses a byte more", () => {
    expect(receiptError({ type: "image/jpeg", size: 5 * MB })).toBeNull();
    expect(receiptError({ type: "image/jpeg", size: 5 * MB + 1 })).toBe("El archivo es demasiado grande. Máximo 5MB");
  });
});

function Harness({ onChange }: { onChange: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ReceiptPicker
      label="Foto del recibo"
      file={file}
      onChange={(next) => {
        onChange(next);
        setFile(next);
      }}
    />
  );
}

describe("ReceiptPicker", () => {
  function setup() {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const onChange = vi.fn<(file: File | null) => void>();
    render(<Harness onChange={onChange} />);
    const input = screen.getByTestId("receipt-input") as HTMLInputElement;
    return { onChange, input };
  }

  it("opens the rear camera for the allowed image types", () => {
    const { input } = setup();
    expect(input.type).toBe("file");
    expect(input.accept).toBe(RECEIPT_ACCEPT);
    expect(input.getAttribute("capture")).toBe("environment");
  });

  it("rejects a PDF with 'Por favor seleccione una imagen válida' and keeps no file", () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { files: [fakeFile("factura.pdf", "application/pdf", 20_000)] } });
    expect(screen.getByRole("alert").textContent).toBe(RECEIPT_NOT_IMAGE);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByAltText("Vista previa del recibo")).toBeNull();
  });

  it("rejects a 6 MB photo with 'El archivo es demasiado grande. Máximo 5MB'", () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { files: [fakeFile("grande.jpg", "image/jpeg", 6 * MB)] } });
    expect(screen.getByRole("alert").textContent).toBe(RECEIPT_TOO_LARGE);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("keeps a valid photo, previews it, clears the old error and can remove it", async () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { files: [fakeFile("factura.pdf", "application/pdf", 20_000)] } });
    expect(screen.getByRole("alert")).toBeTruthy();
    const photo = fakeFile("recibo.jpg", "image/jpeg", 300_000);
    fireEvent.change(input, { target: { files: [photo] } });
    expect(onChange).toHaveBeenLastCalledWith(photo);
    expect(screen.queryByRole("alert")).toBeNull();
    expect((await screen.findByAltText("Vista previa del recibo")).getAttribute("src")).toBe("blob:preview");
    fireEvent.click(screen.getByRole("button", { name: "Quitar foto" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByAltText("Vista previa del recibo")).toBeNull();
  });
});
