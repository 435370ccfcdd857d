/** Text made safe inside HTML text and quoted attributes (mail bodies, small pages the api serves). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
