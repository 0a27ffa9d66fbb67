import { useDeployment } from '../api/deployment-api';
import classes from './sandbox-marker.module.css';

/** On every screen of a sandbox deployment: payments go to local stand-ins, and no real money moves. */
export function SandboxMarker() {
  const deployment = useDeployment();
  if (!deployment.data?.sandbox) return null;
  return (
    <div
      className={classes.marker}
      role="note"
      aria-label="Sandbox: payments go to local stand-ins and no real money moves"
    >
      Sandbox
    </div>
  );
}
