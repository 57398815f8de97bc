/** Texts of the catalogue, cart, checkout, orders and my-assets pages (spec product §2.1–2.2). */
export const commerceTexts = {} as const;
