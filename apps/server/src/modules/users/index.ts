/**
 * The users module's public surface: the people table's owner. Every module that reads or
 * writes a person does it through these functions; a person's own account is `account`.
 */
export {
  activeMembersOf,
  emailTakenByOther,
  findUser,
  idsByLogin,
  idsInOrganization,
  idsWithRole,
  namesOf,
  setUser,
  type UserChanges,
  type UserRecord,
} from './user-records.ts';
