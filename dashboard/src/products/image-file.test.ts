import { PRODUCT_IMAGE_LIMITS } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import { IMAGE_ACCEPT, imageFileProblem } from "./image-file.ts";
import { PRODUCTS } from "./messages.ts";

describe("checking a chosen image before it is uploaded", () => {
  it("accepts the gateway's formats, and a file the browser cannot name (the server decides)", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/jpg", ""])
      expect(imageFileProblem({ size: 1000, type }), type).toBeNull();
    expect(IMAGE_ACCEPT).toBe("image/jpeg,image/png,image/webp,image/avif,image/gif");
  });

  it("refuses more than 8 MB, SVG (scripts) and other types, in plain words", () => {
    expect(imageFileProblem({ size: PRODUCT_IMAGE_LIMITS.maxBytes + 1, type: "image/png" })).toBe(
      PRODUCTS.image.tooLarge,
    );
    expect(imageFileProblem({ size: 10, type: "image/svg+xml" })).toBe(PRODUCTS.image.svg);
    expect(imageFileProblem({ size: 10, type: "image/heic" })).toBe(PRODUCTS.image.wrongType);
    expect(imageFileProblem({ size: 10, type: "text/html" })).toBe(PRODUCTS.image.wrongType);
  });
});
