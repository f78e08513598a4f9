import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page loads (its data or its code). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary-100 dark:bg-primary-950"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1s_ease-in-out_infinite] bg-primary-600 dark:bg-primary-400" />
    </div>
  );
}
