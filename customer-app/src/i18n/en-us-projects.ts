/** Texts of the project, registration, member, invitation and design-in pages (spec product §2.2, §4–§6). */
export const projectTexts = {} as const;
