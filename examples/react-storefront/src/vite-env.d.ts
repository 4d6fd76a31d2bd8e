/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SPAY_PUBLISHABLE_KEY?: string;
  readonly VITE_SPAY_API_URL?: string;
  readonly VITE_SPAY_PRODUCT_ID?: string;
  readonly VITE_SPAY_LINK_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
