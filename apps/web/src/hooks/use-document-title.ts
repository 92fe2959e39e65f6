// Sets document.title to "<page> | CX Journey" while a page is shown.
import { useEffect } from 'react';
import { APP_NAME } from '@/config/paths';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
