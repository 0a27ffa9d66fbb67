import { Alert, List, Text } from '@mantine/core';

/** The first problems are enough to fix a file; the rest are counted. */
const MAX_LISTED_PROBLEMS = 10;

/** A file's problems (or warnings), the first ones listed and the rest counted. */
export function ProblemList({ problems }: { problems: string[] }) {
  return (
    <>
      <List size="sm" spacing={2}>
        {problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      {problems.length > MAX_LISTED_PROBLEMS && (
        <Text fz="sm" mt={4}>
          and {problems.length - MAX_LISTED_PROBLEMS} more.
        </Text>
      )}
    </>
  );
}

/** Row problems under a file select. */
export function FileProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="red" title="What to fix in the file">
      <ProblemList problems={problems} />
    </Alert>
  );
}
