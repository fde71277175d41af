/**
 * The first name an object in `text` (JSON that parsed) gives twice, if any. JSON.parse keeps the last
 * one silently, while a proxy, a log or a request signer may read the first: `{"amount":100,"amount":999999}`
 * must not charge what only one of them saw.
 */
export function duplicateJsonKey(text: string): string | undefined {
  // One set of names per open object; null for an array.
  const open: (Set<string> | null)[] = [];
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const names = open.at(-1);
      if (atKey && names) {
        const raw = text.slice(i, end + 1);
        const name = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (names.has(name)) return name;
        names.add(name);
        atKey = false;
      }
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      atKey = true;
    } else if (c === '[') {
      open.push(null);
    } else if (c === '}' || c === ']') {
      open.pop();
      atKey = false;
    } else if (c === ',') {
      atKey = open.at(-1) != null;
    }
  }
  return undefined;
}
