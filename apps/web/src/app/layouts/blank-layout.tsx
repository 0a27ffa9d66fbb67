import { Outlet } from 'react-router';

/** The blank layout: the page alone, no navigation (docs/product.md §2). */
export default function BlankLayout() {
  return <Outlet />;
}
