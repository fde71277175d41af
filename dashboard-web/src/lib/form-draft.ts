import { useCallback, useEffect, useState } from 'react';
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

function read(key: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null');
  } catch {
    return null;
  }
}

const differs = <T extends FieldValues>(saved: Partial<T>, defaults: T) =>
  Object.entries(saved).some(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name]));

/**
 * A long form's answers survive a reload of its tab (or a tap on a link and Back). In sessionStorage:
 * this tab only, gone when it closes, so a shared computer keeps no applicant's details. Files cannot
 * be kept; they are chosen again. `values`: the form's default values, the draft's where there is one;
 * `restored`: the form opens with answers from before. The form saves through `useDraftSaving`.
 */
export function useFormDraft<T extends FieldValues>(key: string, defaults: T) {
  const [values] = useState<T>(() => ({ ...defaults, ...matching(read(key), defaults) }));
  const [restored, setRestored] = useState(() => differs(values, defaults));

  /** Forgets the draft: after a submission, or to start over. */
  const discard = useCallback(() => {
    sessionStorage.removeItem(PREFIX + key);
    setRestored(false);
  }, [key]);
  return { values, restored, discard };
}

/** Keeps the form's answers as its draft each time they change. */
export function useDraftSaving<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>, key: string) {
  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // Storage full or refused (private mode): the form works, only without the draft.
      }
    });
    return () => subscription.unsubscribe();
  }, [form, key]);
}
