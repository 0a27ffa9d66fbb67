import type { StatementDetail } from '@levy/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useStatement } from '../api/analyser-api';
import { ANALYSER_PATH, recordPath } from '../model/analyser-routes';
import { LoadError } from './load-error';

/**
 * The statement named by the address (…/records/:id/statement/:statementId), loaded for the
 * statement and extraction screens: a placeholder while it loads, the error with a way back to
 * the bank account if it cannot be opened, otherwise whatever `children` makes of it.
 */
export function StatementGate({ children }: { children: (statement: StatementDetail, recordId: string) => ReactNode }) {
  const { id: recordId, statementId } = useParams();
  const statement = useStatement(statementId);

  if (statement.isPending) return <LoadingPlaceholder height={320} label="Loading statement" />;
  if (statement.isError || !recordId || !statementId) {
    return (
      <>
        <BackLink to={recordId ? recordPath(recordId) : ANALYSER_PATH} label="Bank account" />
        <LoadError
          error={statement.error}
          title="This statement could not be opened"
          onRetry={() => void statement.refetch()}
        />
      </>
    );
  }
  return children(statement.data, recordId);
}
