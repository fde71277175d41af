import { useRef, useState } from 'react';

type Status = 'idle' | 'pending' | 'success' | 'error';

/**
 * A form's request as react-query's useMutation gives it (mutate, isPending, isError, error; onSuccess and
 * onError run before the state settles), for the public forms: react-query is not loaded on pages that never
 * query (lib/lazy-with-queries.tsx). One request at a time: a double click submits twice before the
 * button is drawn disabled, and sent two applications, or a sign-up and then "Email already registered".
 */
export function useSubmission<Variables, Result>({ submit, onSuccess, onError }: {
  submit: (variables: Variables) => Promise<Result>;
  onSuccess?: (result: Result, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
}) {
  const [state, setState] = useState<{ status: Status; error: Error | null }>({ status: 'idle', error: null });
  const inFlight = useRef(false);
  const mutate = (variables: Variables) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'pending', error: null });
    void (async () => {
      try {
        const result = await submit(variables);
        await onSuccess?.(result, variables);
        setState({ status: 'success', error: null });
      } catch (thrown) {
        const error = thrown instanceof Error ? thrown : new Error(String(thrown));
        try {
          await onError?.(error, variables);
        } finally {
          setState({ status: 'error', error });
        }
      } finally {
        inFlight.current = false;
      }
    })();
  };
  return { mutate, isPending: state.status === 'pending', isError: state.status === 'error', error: state.error };
}
