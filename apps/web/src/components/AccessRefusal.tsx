// A page the current role cannot use says so plainly (#21) instead of failing: the reason and a way back.
import { Alert, Button } from '@chakra-ui/react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AccessRefusal({ message }: { message: string }) {
  return (
    <Alert.Root status="info" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>Ask the business owner or an admin if you need this.</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" variant="outline">
        <Link to={paths.business.dashboard.path}>Go to the dashboard</Link>
      </Button>
    </Alert.Root>
  );
}
