import { createContext, useContext } from 'react';

/** What blocks need to know about the page they are on. */
export interface PageInfo {
  /** The first Hero of the page: its image is the page's largest element and loads at once. */
  firstHeroUid: string | null;
}

export const PageContext = createContext<PageInfo>({ firstHeroUid: null });

export const usePageInfo = () => useContext(PageContext);
