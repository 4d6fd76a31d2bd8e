import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { MESSAGES, QR_OPTIONS } from "./messages.js";
import { qrDataUrl, qrSvg } from "./qr.js";

const URL_TEXT = "https://pay.example.test/checkout/pi_5Hq2LmXn8RtYv3Kc9WbZa1De";
const SVG_URL = "data:image/svg+xml,";

describe("QR codes of spay_url", () => {
  it("an SVG data URL 300 px wide by default (SPEC.md §9: width 300, margin 2)", async () => {
    expect(QR_OPTIONS).toEqual({ width: 300, margin: 2 });
    const url = await qrDataUrl(URL_TEXT);
    expect(url.startsWith(SVG_URL)).toBe(true);
    const svg = decodeURIComponent(url.slice(SVG_URL.length));
    expect(svg).toBe(await qrSvg(URL_TEXT));
    expect(svg).toContain('width="300" height="300"');
    const small = decodeURIComponent(
      (await qrDataUrl(URL_TEXT, { width: 160, margin: 1 })).slice(SVG_URL.length),
    );
    expect(small).toContain('width="160" height="160"');
  });

  it("an SVG of the same modules as qrcode's, with the margin as quiet zone", async () => {
    const svg = await qrSvg(URL_TEXT);
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 (\d+) \1"/);
    const modules = QRCode.create(URL_TEXT, { errorCorrectionLevel: "M" }).modules.size;
    expect(svg).toContain(
      `viewBox="0 0 ${modules + 2 * QR_OPTIONS.margin} ${modules + 2 * QR_OPTIONS.margin}"`,
    );
    expect(svg).toContain('width="300"');
    expect(await qrSvg(URL_TEXT)).toBe(svg);
    expect(await qrSvg(`${URL_TEXT}x`)).not.toBe(svg);
  });

  it("refuses to draw without a spay_url: 'No spay_url provided'", async () => {
    await expect(qrDataUrl("")).rejects.toThrow(MESSAGES.noSpayUrl);
    await expect(qrSvg("")).rejects.toThrow(MESSAGES.noSpayUrl);
  });
});
