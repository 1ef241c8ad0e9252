import { describe, expect, it } from "vitest";
import { formatWhatsapp, isPhoneLike, whatsappDigits, whatsappLink } from "../../shared/contact";

describe("a store's WhatsApp (shared/contact.ts)", () => {
  it("keeps a Colombian mobile's 10 digits, however it is written", () => {
    for (const text of [
      "300 123 4567",
      "3001234567",
      "+57 300 123 4567",
      "(57) 300-123-4567",
      "573001234567",
      " 300.123.4567 ",
    ]) {
      expect(whatsappDigits(text), text).toBe("3001234567");
    }
  });

  it("refuses what is not one: a landline, too few or too many digits, letters, another country", () => {
    for (const text of ["601 555 0101", "300 123 456", "300 123 45678", "tres cero cero", "+1 305 123 4567", "", "+"]) {
      expect(whatsappDigits(text), text).toBeNull();
    }
  });

  it("shows the digits as people read them and links the chat with Colombia's code", () => {
    expect(formatWhatsapp("3001234567")).toBe("300 123 4567");
    expect(formatWhatsapp("12345")).toBe("12345");
    expect(whatsappLink("3001234567")).toBe("https://wa.me/573001234567");
    expect(whatsappLink("3001234567", "Hola, ¿tienen talla 38?")).toBe(
      "https://wa.me/573001234567?text=Hola%2C%20%C2%BFtienen%20talla%2038%3F",
    );
  });

  it("takes a visitor's phone with 7 to 15 digits and the usual separators", () => {
    expect(isPhoneLike("310 555 1234")).toBe(true);
    expect(isPhoneLike("+57 (601) 555-0101")).toBe(true);
    expect(isPhoneLike("555 0101")).toBe(true);
    expect(isPhoneLike("123456")).toBe(false);
    expect(isPhoneLike("llámame al 310")).toBe(false);
    expect(isPhoneLike("1".repeat(16))).toBe(false);
  });
});
