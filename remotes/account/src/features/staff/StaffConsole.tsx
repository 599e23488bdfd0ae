import { isStaffMember } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { Navigate, Route, Routes, useLocation } from '@cove/router';
import { TabList } from '@cove/ui';
import { Applications } from './components/Applications';
import { AuditLog, noAccess } from './components/AuditLog';
import { PersonView } from './components/PersonView';
import { ReportDetail } from './components/ReportDetail';
import { ReportsQueue } from './components/ReportsQueue';
import styles from '../../common/Console.module.css';

const sections = [
  { to: '/account/staff/reports', label: 'Reports' },
  { to: '/account/staff/audit', label: 'Audit log' },
  { to: '/account/staff/applications', label: 'Applications' },
];

/**
 * `/account/staff/*`, the staff console: the reports queue, one report, one person, the audit log and
 * creator applications. Loaded on demand, so the account remote's first load does not carry it.
 */
export default function StaffConsole() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || !isStaffMember(user)) return noAccess;
  return (
    <div className={styles.screen}>
      <TabList
        label="Staff console"
        items={sections.map((s) => ({ ...s, current: pathname.startsWith(s.to) }))}
      />
      <Routes>
        <Route index element={<Navigate to="/account/staff/reports" replace />} />
        <Route path="reports" element={<ReportsQueue />} />
        <Route path="reports/:id" element={<ReportDetail />} />
        <Route path="people/:id" element={<PersonView />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="applications" element={<Applications />} />
      </Routes>
    </div>
  );
}
