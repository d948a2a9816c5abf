//go:build android

package mcast

/*
#include <jni.h>
#include <stdlib.h>
#include <stdint.h>

// cc_lock is the app's one MulticastLock (a global reference), made on
// first use, reference-counted: each acquire is matched by a release.
static jobject cc_lock = NULL;

// cc_failed clears a pending Java exception and says whether there was one.
static int cc_failed(JNIEnv* env) {
	if ((*env)->ExceptionCheck(env)) {
		(*env)->ExceptionClear(env);
		return 1;
	}
	return 0;
}

// cc_make_lock creates the lock: context.getSystemService("wifi")
// .createMulticastLock("commandconsole"), reference-counted.
static const char* cc_make_lock(JNIEnv* env, jobject ctx) {
	jclass ctxClass = (*env)->GetObjectClass(env, ctx);
	jmethodID getSys = (*env)->GetMethodID(env, ctxClass, "getSystemService", "(Ljava/lang/String;)Ljava/lang/Object;");
	if (getSys == NULL || cc_failed(env)) {
		return "the app's context has no getSystemService";
	}
	jstring name = (*env)->NewStringUTF(env, "wifi");
	jobject wm = (*env)->CallObjectMethod(env, ctx, getSys, name);
	(*env)->DeleteLocalRef(env, name);
	if (cc_failed(env) || wm == NULL) {
		return "this device has no Wi-Fi service";
	}
	jclass wmClass = (*env)->GetObjectClass(env, wm);
	jmethodID create = (*env)->GetMethodID(env, wmClass, "createMulticastLock",
		"(Ljava/lang/String;)Landroid/net/wifi/WifiManager$MulticastLock;");
	if (create == NULL || cc_failed(env)) {
		return "the Wi-Fi service cannot make a multicast lock";
	}
	jstring tag = (*env)->NewStringUTF(env, "commandconsole");
	jobject lock = (*env)->CallObjectMethod(env, wm, create, tag);
	(*env)->DeleteLocalRef(env, tag);
	(*env)->DeleteLocalRef(env, wm);
	if (cc_failed(env) || lock == NULL) {
		return "the Wi-Fi service refused a multicast lock";
	}
	jclass lockClass = (*env)->GetObjectClass(env, lock);
	jmethodID counted = (*env)->GetMethodID(env, lockClass, "setReferenceCounted", "(Z)V");
	if (counted == NULL || cc_failed(env)) {
		return "the multicast lock has no setReferenceCounted";
	}
	(*env)->CallVoidMethod(env, lock, counted, JNI_TRUE);
	if (cc_failed(env)) {
		return "the multicast lock cannot be reference-counted";
	}
	cc_lock = (*env)->NewGlobalRef(env, lock);
	(*env)->DeleteLocalRef(env, lock);
	return NULL;
}

// cc_lock_call acquires (acquire != 0) or releases the lock; NULL when it
// worked, else what failed.
static const char* cc_lock_call(uintptr_t envp, uintptr_t ctxp, int acquire) {
	JNIEnv* env = (JNIEnv*)envp;
	if (cc_lock == NULL) {
		const char* err = cc_make_lock(env, (jobject)ctxp);
		if (err != NULL) {
			return err;
		}
	}
	jclass lockClass = (*env)->GetObjectClass(env, cc_lock);
	jmethodID m = (*env)->GetMethodID(env, lockClass, acquire ? "acquire" : "release", "()V");
	if (m == NULL || cc_failed(env)) {
		return "the multicast lock has no acquire or release";
	}
	(*env)->CallVoidMethod(env, cc_lock, m);
	if (cc_failed(env)) {
		return acquire ? "acquiring the multicast lock failed (is CHANGE_WIFI_MULTICAST_STATE in the manifest?)"
			: "releasing the multicast lock failed";
	}
	return NULL;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"log"
	"sync"

	"fyne.io/fyne/v2/driver"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// platformLock is Android's Wi-Fi multicast lock.
func platformLock() discovery.MulticastLock { return wifiLock{} }

// wifiLock is WifiManager.MulticastLock through JNI.
type wifiLock struct{}

// Acquire takes the lock; the release it returns gives it back once.
func (wifiLock) Acquire() (func(), error) {
	if err := call(true); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			if err := call(false); err != nil {
				log.Printf("commandconsole: release the Wi-Fi multicast lock: %v", err)
			}
		})
	}, nil
}

// call runs acquire or release on the JVM's thread with the app's context.
func call(acquire bool) error {
	flag := C.int(0)
	if acquire {
		flag = 1
	}
	return driver.RunNative(func(c any) error {
		ac, ok := c.(*driver.AndroidContext)
		if !ok {
			return fmt.Errorf("the Wi-Fi multicast lock needs Android's context, got %T", c)
		}
		if msg := C.cc_lock_call(C.uintptr_t(ac.Env), C.uintptr_t(ac.Ctx), flag); msg != nil {
			return errors.New(C.GoString(msg))
		}
		return nil
	})
}
