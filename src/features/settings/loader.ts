import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../api/queries/customer';

/** The settings need the user before they show (the forms start from the saved values). */
export async function loadSettings(queryClient: QueryClient): Promise<null> {
  await queryClient.ensureQueryData(currentUserQuery());
  return null;
}
