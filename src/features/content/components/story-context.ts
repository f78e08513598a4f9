import { createContext, useContext } from 'react';
import type { CdnStory } from '../../../../contract/content-cdn';

/** The story being shown (its dates and slug), for blocks that show them. */
export const StoryContext = createContext<CdnStory | null>(null);

export const useStory = () => useContext(StoryContext);
