import { lazy } from 'react';
import {
  ArticleBlock,
  ArticleContent,
  ArticleContentWithImage,
  ImageContent,
  ImageWithTextAndButton,
  TextImageBlock,
  VideoContent,
} from './article';
import { setComponents, type ComponentMap } from './blok';
import { BasicContent, ButtonComponent, IconBlock, LinkContent, TextContent } from './basic';
import { CarouselProductCategories, ProductCategoryList } from './categories';
import { ProductCategory } from './category';
import { FormWrapper } from './forms';
import { Hero, HeroContent } from './hero';
import { CarouselGeneric, ContentGrid, Section } from './layout';
import {
  Banner,
  BannerGrid,
  Card,
  CardGrid,
  CardImageLink,
  Employee,
  EmployeesGrid,
  FeatureCard,
  FeatureGrid,
} from './tiles';

// Parts with heavy dependencies load as their own chunks: product carousels need the search client, blog lists the
// date formatting. A page without them does not load them.
const products = () => import('./products');
const blog = () => import('./blog');
const CarouselProducts = lazy(() => products().then((m) => ({ default: m.CarouselProducts })));
const CarouselProductsWithFilter = lazy(() => products().then((m) => ({ default: m.CarouselProductsWithFilter })));
const BlogPost = lazy(() => blog().then((m) => ({ default: m.BlogPost })));
const BlogPostList = lazy(() => blog().then((m) => ({ default: m.BlogPostList })));

/** Which component draws each content type (SPEC §1: all 35). `Page` is the story root (see ContentPage). */
export const COMPONENTS: ComponentMap = {
  ArticleBlock,
  ArticleContent,
  ArticleContentWithImage,
  Banner,
  BannerGrid,
  BasicContent,
  BlogPost,
  BlogPostList,
  ButtonComponent,
  Card,
  CardGrid,
  CardImageLink,
  CarouselGeneric,
  CarouselProductCategories,
  CarouselProducts,
  CarouselProductsWithFilter,
  ContentGrid,
  Employee,
  EmployeesGrid,
  FeatureCard,
  FeatureGrid,
  FormWrapper,
  Hero,
  HeroContent,
  ImageContent,
  ImageWithTextAndButton,
  LinkContent,
  Page: null,
  ProductCategory,
  ProductCategoryList,
  Section,
  TextContent,
  TextImageBlock,
  VideoContent,
  Icon: IconBlock,
};

setComponents(COMPONENTS);

// The page draws its blocks from here, so that importing Blok also fills the map.
export { Blok, Bloks } from './blok';
