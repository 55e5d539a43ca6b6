/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' in mock mode: MSW answers the API in the browser. */
  readonly VITE_MOCK?: string;
  /** The config default locale (docs/product.md#flows); en when unset or unknown. */
  readonly VITE_DEFAULT_LOCALE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
