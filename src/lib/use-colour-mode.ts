import { useSyncExternalStore } from 'react';
import { readColourMode, setColourMode, subscribeColourMode, type ColourMode } from './colour-mode';

export function useColourMode(): [ColourMode, (mode: ColourMode) => void] {
  const mode = useSyncExternalStore(subscribeColourMode, readColourMode, () => 'system' as const);
  return [mode, setColourMode];
}
