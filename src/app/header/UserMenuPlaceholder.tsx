/** Holds the user menu's place for the moment its code loads, so the header does not jump. */
export function UserMenuPlaceholder() {
  return (
    <span aria-hidden="true" className="flex min-h-11 items-center px-1.5 sm:px-2">
      <span className="size-9 animate-pulse rounded-full bg-gray-200 dark:bg-gray-700" />
    </span>
  );
}
