// floating-ui's useMergeRefs (@floating-ui/react 0.27, MIT), unchanged: the one export Mantine's
// ScrollArea takes from that package, which the build hands it instead (build/merge-refs.ts).
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

type Cleanup = () => void;

export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<Cleanup | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const refCleanup = ref(instance);
          return typeof refCleanup === 'function' ? refCleanup : () => void ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => cleanups.forEach((refCleanup) => refCleanup?.());
    },
    // The refs themselves are the dependencies, as in floating-ui.
    refs,
  );
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, refs);
}
