// "Open case" on a rating (#37, cases:manage): POST /cases, then to the case; a rating that already has a case (409)
// goes to that one. Shared so the feedback timeline can offer it without importing the cases feature.
import { Button } from '@chakra-ui/react';
import { LuFolderPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { tsr } from '@/lib/api-client';
import { apiErrorMessage, isHttpErrorResponse } from '@/lib/api-error';

export function OpenCaseButton({ ratingId }: { ratingId: string }) {
  const action = useAction('cases.open');
  const navigate = useNavigate();
  const client = tsr.useQueryClient();
  const open = tsr.cases.open.useMutation({
    onSuccess: ({ body }) => {
      void client.invalidateQueries({ queryKey: ['cases'] });
      toaster.success({ title: `Case #${body.number} opened` });
      void navigate(paths.business.case.getHref(body._id));
    },
    onError: (error) => {
      const existing =
        isHttpErrorResponse(error) && error.status === 409 ? (error.body as { _id?: unknown }) : null;
      if (existing && typeof existing._id === 'string') {
        void navigate(paths.business.case.getHref(existing._id));
        return;
      }
      toaster.error({ title: apiErrorMessage(error) });
    },
  });
  if (!action.allowed) return null;
  return (
    <Button
      size="xs"
      variant="ghost"
      onClick={() => open.mutate({ body: { rating: ratingId } })}
      loading={open.isPending}
      {...action.attrs}
    >
      <LuFolderPlus aria-hidden /> Open case
    </Button>
  );
}
