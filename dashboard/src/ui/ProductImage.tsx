import type { ImgHTMLAttributes } from "react";

/** What the server sends for a product's image: its largest webp and every variant as `url {width}w`. */
export interface ProductImageSource {
  url: string;
  srcset: string;
}

/**
 * A product's uploaded image: the browser picks the webp variant that fits `sizes` (the width the
 * layout gives it) from the srcset. Decorative unless `alt` says otherwise, since the product's name
 * stands beside it wherever it is shown.
 */
export function ProductImage({
  image,
  sizes,
  alt = "",
  ...img
}: { image: ProductImageSource; sizes: string; "data-testid"?: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes"
>) {
  return <img src={image.url} srcSet={image.srcset} sizes={sizes} alt={alt} {...img} />;
}
