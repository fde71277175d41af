import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'tallyline_draft:';

/** Only fields the form has, each of the type it has: a draft from an older form never breaks this one. */
function matching<T extends FieldValues>(saved: unknown, defaults: T): Partial<T> {
  if (typeof saved !== 'object' || saved === null) return {};
  const kept: Record<string, unknown> = {};
  for (const [name, empty] of Object.entries(defaults)) {
    const value = (saved as Record<string, unknown>)[name];
    const sameType = Array.isArray(empty) ? Array.isArray(value) && value.every((item) => typeof item === 'string') : typeof value === typeof empty;
    if (sameType) kept[name] = value;
  }
  return kept as Partial<T>;
}

function parse(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + key);
  } catch {
    return null; // storage refused (private mode)
  }
}

const differs = <T extends FieldValues>(saved: Partial<T>, defaults: T) =>
  Object.entries(saved).some(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name]));

/** The draft each open form started from: read once per visit to its page, so typing does not change it. */
const openedWith = new Map<string, string | null>();
const neverChanges = () => () => undefined;

/**
 * A long form's answers survive a reload of its tab (or a tap on a link and Back). In sessionStorage:
 * this tab only, gone when it closes, so a shared computer keeps no applicant's details. Files cannot
 * be kept; they are chosen again. The page is prerendered: it hydrates without the draft (the server has
 * none, through useSyncExternalStore's server snapshot), then fills the form with it.
 * `restored`: the form holds answers from before.
 */
export function useFormDraft<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>, key: string, defaults: T) {
  const raw = useSyncExternalStore(
    neverChanges,
    () => {
      if (!openedWith.has(key)) openedWith.set(key, readRaw(key));
      return openedWith.get(key) ?? null;
    },
    () => null,
  );
  const saved = useMemo(() => matching(parse(raw), defaults), [raw, defaults]);
  const [discarded, setDiscarded] = useState(false);
  const restored = !discarded && differs(saved, defaults);

  useEffect(() => {
    if (restored) form.reset({ ...defaults, ...saved });
  }, [form, defaults, saved, restored]);

  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // Storage full or refused (private mode): the form works, only without the draft.
      }
    });
    return () => {
      subscription.unsubscribe();
      openedWith.delete(key); // the next visit starts from the draft as it is then
    };
  }, [form, key]);

  /** Forgets the draft: after a submission, or to start over. */
  const discard = useCallback(() => {
    sessionStorage.removeItem(PREFIX + key);
    setDiscarded(true);
  }, [key]);
  return { restored, discard };
}
