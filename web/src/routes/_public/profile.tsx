import { createFileRoute, redirect } from "@tanstack/react-router";
import { ProfileCard } from "../../features/store/ProfileCard";
import { homeFor } from "../../lib/roles";

export const Route = createFileRoute("/_public/profile")({
  // staff have their account in their panel ("Mi cuenta"), never a staff profile inside the shop
  beforeLoad: ({ context }) => {
    const user = context.auth.user();
    if (user) throw redirect({ to: homeFor(user.role), replace: true });
  },
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-stone-900">Mi perfil</h1>
      <ProfileCard />
    </div>
  );
}
